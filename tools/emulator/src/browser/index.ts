export { startDataBrowser, type DataBrowserOptions, type RunningDataBrowser } from './server';
export { DenialLog, type BrowserSources, type RecordedDenial } from './sources';
