const { createRemoteConfig } = require('build-config/webpack-app.cjs');

// Port, page title and `./app` come from this remote's entry in remote-list/remotes.json.
module.exports = createRemoteConfig({ name: 'moderation', dir: __dirname });
