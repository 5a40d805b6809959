import LoadingSvg from '@ant-design/icons-svg/es/asn/LoadingOutlined';
import { icon } from './svg-icon';

/** The spinner of a busy button, in a module of its own so a button does not load every icon. */
export const LoadingOutlined = icon(LoadingSvg);
