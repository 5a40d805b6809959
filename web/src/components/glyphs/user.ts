import UserSvg from '@ant-design/icons-svg/es/asn/UserOutlined';
import { icon } from '../svg-icon';

export const UserOutlined = /* @__PURE__ */ icon(UserSvg);
