import packageJson from '../package.json';

/** The product's name, shown in the top bar and as the page title. */
export const PRODUCT_NAME: string = packageJson.productName;
