export { setup as default } from './on-google-firestore';
