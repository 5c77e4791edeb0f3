// The stored image sizes for tests outside the package (e2e) that check what was uploaded, without
// loading the upload code that the package's main entry brings.
export { IMAGE_SIZES } from '../media/imageSizes';
