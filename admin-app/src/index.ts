// An async boundary, so Module Federation can settle the shared modules before the app runs.
import('./bootstrap').catch((error: unknown) => console.error(error));
