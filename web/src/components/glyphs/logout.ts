import LogoutSvg from '@ant-design/icons-svg/es/asn/LogoutOutlined';
import { icon } from '../svg-icon';

export const LogoutOutlined = /* @__PURE__ */ icon(LogoutSvg);
