// An async boundary, so Module Federation can settle the shared modules before the app runs. The
// chunk is named `app`: the HTML preloads it beside this entry (tools/rspack-assets.ts).
import(/* webpackChunkName: "app" */ './bootstrap').catch((error: unknown) => console.error(error));
