// What the teams' Cloud Functions codebases take from the platform (`shared-firebase/server`):
// code that runs in Node on the server, never in a page. Nothing here imports the web SDK or
// React; the functions' bundles take only what they use.
export { ACCOUNT_DELETION_STEPS, ACTIVITY_ITEMS, COLLECTIONS, STORAGE_FOLDERS } from './model';
export type { AccountDeletionStepId } from './model';
export { checkUploadedPicture } from './media/uploadedPictureCheck';
