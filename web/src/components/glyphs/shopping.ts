import ShoppingSvg from '@ant-design/icons-svg/es/asn/ShoppingOutlined';
import { icon } from '../svg-icon';

export const ShoppingOutlined = /* @__PURE__ */ icon(ShoppingSvg);
