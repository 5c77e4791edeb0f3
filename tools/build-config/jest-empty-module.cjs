// An empty module, for a package's jest config to map a library its tests load but never call.
module.exports = {};
