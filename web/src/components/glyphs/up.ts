import UpSvg from '@ant-design/icons-svg/es/asn/UpOutlined';
import { icon } from '../svg-icon';

export const UpOutlined = /* @__PURE__ */ icon(UpSvg);
