// sw-assets.js, written into dist/ by build.py (write_sw_assets) and loaded by web/sw.js with importScripts.
interface ServiceWorkerGlobalScope {
  LUCKDIAL_VERSION: string;
  LUCKDIAL_ASSETS: string[];
}
