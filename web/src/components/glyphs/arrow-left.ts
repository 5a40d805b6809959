import ArrowLeftSvg from '@ant-design/icons-svg/es/asn/ArrowLeftOutlined';
import { icon } from '../svg-icon';

export const ArrowLeftOutlined = /* @__PURE__ */ icon(ArrowLeftSvg);
