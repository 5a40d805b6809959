/**
 * The portal's icons (antd's glyphs drawn by svg-icon.tsx), one import for the pages. Each glyph
 * is its own module (glyphs/), made without side effects, so a page's chunks carry only the icons
 * that page draws: this file only names them. The public pages' few icons live beside their
 * components (loading-icon.tsx for the button's spinner, alert-icons.tsx for the notices' and the
 * text box's clear button).
 */
export {
  CheckCircleFilled,
  CloseCircleFilled,
  CloseOutlined,
  ExclamationCircleFilled,
  InfoCircleFilled,
} from './alert-icons';
export { LoadingOutlined } from './loading-icon';
export type { IconProps } from './svg-icon';

export { ArrowLeftOutlined } from './glyphs/arrow-left';
export { CaretDownOutlined } from './glyphs/caret-down';
export { CaretUpOutlined } from './glyphs/caret-up';
export { DeleteOutlined } from './glyphs/delete';
export { DownOutlined } from './glyphs/down';
export { DownloadOutlined } from './glyphs/download';
export { LeftOutlined } from './glyphs/left';
export { LockOutlined } from './glyphs/lock';
export { LogoutOutlined } from './glyphs/logout';
export { MailOutlined } from './glyphs/mail';
export { MinusOutlined } from './glyphs/minus';
export { PlayCircleFilled } from './glyphs/play-circle-filled';
export { PlusOutlined } from './glyphs/plus';
export { PrinterOutlined } from './glyphs/printer';
export { RedoOutlined } from './glyphs/redo';
export { ReloadOutlined } from './glyphs/reload';
export { SearchOutlined } from './glyphs/search';
export { RightOutlined } from './glyphs/right';
export { ShoppingCartOutlined } from './glyphs/shopping-cart';
export { ShoppingOutlined } from './glyphs/shopping';
export { ThunderboltFilled } from './glyphs/thunderbolt-filled';
export { ThunderboltOutlined } from './glyphs/thunderbolt';
export { UnorderedListOutlined } from './glyphs/unordered-list';
export { UpOutlined } from './glyphs/up';
export { UploadOutlined } from './glyphs/upload';
export { UserOutlined } from './glyphs/user';
