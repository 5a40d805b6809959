import ThunderboltSvg from '@ant-design/icons-svg/es/asn/ThunderboltOutlined';
import { icon } from '../svg-icon';

export const ThunderboltOutlined = /* @__PURE__ */ icon(ThunderboltSvg);
