# Stand-in for caddy:2: Debian's caddy with the official image's layout (config in
# /etc/caddy/Caddyfile, state in /data and /config, files in /srv, and a wget for healthchecks,
# as the official image has busybox's).
FROM portal-rehearsal/trixie:base
COPY ca-certificates.crt /etc/ssl/certs/ca-certificates.crt
RUN apt-get update && apt-get install -y --no-install-recommends caddy ca-certificates wget && rm -rf /var/lib/apt/lists/* \
 && mkdir -p /config/caddy /data/caddy /etc/caddy /usr/share/caddy /srv
ENV XDG_CONFIG_HOME=/config XDG_DATA_HOME=/data
WORKDIR /srv
EXPOSE 80 443
CMD ["caddy", "run", "--config", "/etc/caddy/Caddyfile", "--adapter", "caddyfile"]
