/* global window */
// Entry of the browser bundle the harness serves: the real firebase SDK, exposed on window.
import * as app from 'firebase/app';
import * as auth from 'firebase/auth';
import * as firestore from 'firebase/firestore';
import * as storage from 'firebase/storage';

window.firebaseSdk = { app, auth, firestore, storage };
