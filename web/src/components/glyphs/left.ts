import LeftSvg from '@ant-design/icons-svg/es/asn/LeftOutlined';
import { icon } from '../svg-icon';

export const LeftOutlined = /* @__PURE__ */ icon(LeftSvg);
