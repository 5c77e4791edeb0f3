export { teardown as default } from './on-google-firestore';
