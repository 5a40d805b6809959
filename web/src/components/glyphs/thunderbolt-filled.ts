import ThunderboltFilledSvg from '@ant-design/icons-svg/es/asn/ThunderboltFilled';
import { icon } from '../svg-icon';

export const ThunderboltFilled = /* @__PURE__ */ icon(ThunderboltFilledSvg);
