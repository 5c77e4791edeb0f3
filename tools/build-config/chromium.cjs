// How every browser test and benchmark launches Chromium: Debian's build (nothing is downloaded)
// with networking to Google's services switched off, since this network reaches none of them.
const CHROMIUM_LAUNCH_OPTIONS = {
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

module.exports = { CHROMIUM_LAUNCH_OPTIONS };
