import DownloadSvg from '@ant-design/icons-svg/es/asn/DownloadOutlined';
import { icon } from '../svg-icon';

export const DownloadOutlined = /* @__PURE__ */ icon(DownloadSvg);
