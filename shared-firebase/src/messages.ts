/** Every user-facing message of SPEC.md sections 5 and 8, defined once. */
export const MESSAGES = {
  fillAllFields: 'Please fill all input fields',
  incorrectPassword: 'Incorrect Password',
  incorrectEmail: 'Incorrect Email',
  userAlreadyExists: 'User already exists',
  emptyPost: "You can't make an EMPTY post",
  noFileSelected: 'No file has been selected',
  usernameEmpty: "Username can't be EMPTY",
  postCreated: 'Post has been made successfully',
  profilePictureChanged: 'Profile picture has been changed successfully',
  profileCoverChanged: 'Profile cover picture has been changed successfully',
  usernameChanged: 'Username has been changed successfully',
  aboutChanged: 'user " ABOUT " has been changed successfully',
  aboutRemoved: 'removed successfully',
  dobChanged: 'Date of birth has been changed successfully',
  countryChanged: 'Country of birth has been changed successfully',
  pageNotFound: 'PAGE NOT FOUND',
  noPosts: 'No Posts',
} as const;

export type MessageKey = keyof typeof MESSAGES;
