import MailSvg from '@ant-design/icons-svg/es/asn/MailOutlined';
import { icon } from '../svg-icon';

export const MailOutlined = /* @__PURE__ */ icon(MailSvg);
