// Loaded with `node --require` by tools/test-node-versions.mjs: node_modules holds better-sqlite3
// built for the Node that `npm ci` ran, and a native addon loads only into the Node ABI it was
// built for. This points the addon's dlopen at a copy built for the running Node instead, so
// other Node versions run against the same checkout without rebuilding (and breaking) the
// shared node_modules.
'use strict';
const addon = process.env.SKYDECK_BETTER_SQLITE3_ADDON;
if (addon) {
  const dlopen = process.dlopen;
  process.dlopen = function (module, filename, ...rest) {
    const target = /[\\/]better_sqlite3\.node$/.test(filename) ? addon : filename;
    return dlopen.call(this, module, target, ...rest);
  };
}
