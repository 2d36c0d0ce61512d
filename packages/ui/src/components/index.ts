export { LanguageSwitch } from './LanguageSwitch.tsx';
export { LoadingBar } from './LoadingBar.tsx';
export { Modal, type ModalProps } from './Modal.tsx';
export { type SnackBarDetail, Snackbar, type SnackbarState, showSnackbar } from './Snackbar.tsx';
