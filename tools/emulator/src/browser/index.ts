export { startDataBrowser, type DataBrowserOptions, type RunningDataBrowser } from './server';
export { RequestLog, type BrowserSources, type RecordedRequest } from './sources';
export { AuthEmulatorClient } from './auth-client';
