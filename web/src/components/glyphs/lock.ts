import LockSvg from '@ant-design/icons-svg/es/asn/LockOutlined';
import { icon } from '../svg-icon';

export const LockOutlined = /* @__PURE__ */ icon(LockSvg);
