export { QrLoginPreview as FeaturePreview } from './QrLoginPreview.tsx';
