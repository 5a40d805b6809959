import MinusSvg from '@ant-design/icons-svg/es/asn/MinusOutlined';
import { icon } from '../svg-icon';

export const MinusOutlined = /* @__PURE__ */ icon(MinusSvg);
