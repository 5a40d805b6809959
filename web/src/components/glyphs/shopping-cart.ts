import ShoppingCartSvg from '@ant-design/icons-svg/es/asn/ShoppingCartOutlined';
import { icon } from '../svg-icon';

export const ShoppingCartOutlined = /* @__PURE__ */ icon(ShoppingCartSvg);
