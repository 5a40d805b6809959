import RightSvg from '@ant-design/icons-svg/es/asn/RightOutlined';
import { icon } from '../svg-icon';

export const RightOutlined = /* @__PURE__ */ icon(RightSvg);
