// Stylesheets in the prerender build (tools/rspack.ts): the HTML links the client build's CSS.
module.exports = () => '';
