import DownSvg from '@ant-design/icons-svg/es/asn/DownOutlined';
import { icon } from '../svg-icon';

export const DownOutlined = /* @__PURE__ */ icon(DownSvg);
