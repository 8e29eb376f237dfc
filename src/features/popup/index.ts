export { useAccessibilityPopup, useNotSupportedPopup } from './usePopups.ts';
