import ArrowLeftSvg from '@ant-design/icons-svg/es/asn/ArrowLeftOutlined';
import CaretDownSvg from '@ant-design/icons-svg/es/asn/CaretDownOutlined';
import CaretUpSvg from '@ant-design/icons-svg/es/asn/CaretUpOutlined';
import DeleteSvg from '@ant-design/icons-svg/es/asn/DeleteOutlined';
import DownSvg from '@ant-design/icons-svg/es/asn/DownOutlined';
import DownloadSvg from '@ant-design/icons-svg/es/asn/DownloadOutlined';
import LeftSvg from '@ant-design/icons-svg/es/asn/LeftOutlined';
import LockSvg from '@ant-design/icons-svg/es/asn/LockOutlined';
import LogoutSvg from '@ant-design/icons-svg/es/asn/LogoutOutlined';
import MailSvg from '@ant-design/icons-svg/es/asn/MailOutlined';
import MinusSvg from '@ant-design/icons-svg/es/asn/MinusOutlined';
import PlayCircleFilledSvg from '@ant-design/icons-svg/es/asn/PlayCircleFilled';
import PlusSvg from '@ant-design/icons-svg/es/asn/PlusOutlined';
import PrinterSvg from '@ant-design/icons-svg/es/asn/PrinterOutlined';
import RedoSvg from '@ant-design/icons-svg/es/asn/RedoOutlined';
import ReloadSvg from '@ant-design/icons-svg/es/asn/ReloadOutlined';
import SearchSvg from '@ant-design/icons-svg/es/asn/SearchOutlined';
import RightSvg from '@ant-design/icons-svg/es/asn/RightOutlined';
import ShoppingCartSvg from '@ant-design/icons-svg/es/asn/ShoppingCartOutlined';
import ShoppingSvg from '@ant-design/icons-svg/es/asn/ShoppingOutlined';
import ThunderboltFilledSvg from '@ant-design/icons-svg/es/asn/ThunderboltFilled';
import ThunderboltSvg from '@ant-design/icons-svg/es/asn/ThunderboltOutlined';
import UnorderedListSvg from '@ant-design/icons-svg/es/asn/UnorderedListOutlined';
import UpSvg from '@ant-design/icons-svg/es/asn/UpOutlined';
import UploadSvg from '@ant-design/icons-svg/es/asn/UploadOutlined';
import UserSvg from '@ant-design/icons-svg/es/asn/UserOutlined';
import { icon } from './svg-icon';

/**
 * The portal's icons (antd's glyphs drawn by svg-icon.tsx), one import for the pages. Every page
 * that imports this module downloads every icon in it: a component on public pages takes its one
 * icons from their own module instead (loading-icon.tsx for the button's spinner, alert-icons.tsx
 * for the notices' and the text box's clear button).
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

export const ArrowLeftOutlined = icon(ArrowLeftSvg);
export const CaretDownOutlined = icon(CaretDownSvg);
export const CaretUpOutlined = icon(CaretUpSvg);
export const DeleteOutlined = icon(DeleteSvg);
export const DownOutlined = icon(DownSvg);
export const DownloadOutlined = icon(DownloadSvg);
export const LeftOutlined = icon(LeftSvg);
export const LockOutlined = icon(LockSvg);
export const LogoutOutlined = icon(LogoutSvg);
export const MailOutlined = icon(MailSvg);
export const MinusOutlined = icon(MinusSvg);
export const PlayCircleFilled = icon(PlayCircleFilledSvg);
export const PlusOutlined = icon(PlusSvg);
export const PrinterOutlined = icon(PrinterSvg);
export const RedoOutlined = icon(RedoSvg);
export const ReloadOutlined = icon(ReloadSvg);
export const SearchOutlined = icon(SearchSvg);
export const RightOutlined = icon(RightSvg);
export const ShoppingCartOutlined = icon(ShoppingCartSvg);
export const ShoppingOutlined = icon(ShoppingSvg);
export const ThunderboltFilled = icon(ThunderboltFilledSvg);
export const ThunderboltOutlined = icon(ThunderboltSvg);
export const UnorderedListOutlined = icon(UnorderedListSvg);
export const UpOutlined = icon(UpSvg);
export const UploadOutlined = icon(UploadSvg);
export const UserOutlined = icon(UserSvg);
