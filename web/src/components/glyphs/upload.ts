import UploadSvg from '@ant-design/icons-svg/es/asn/UploadOutlined';
import { icon } from '../svg-icon';

export const UploadOutlined = /* @__PURE__ */ icon(UploadSvg);
