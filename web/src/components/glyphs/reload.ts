import ReloadSvg from '@ant-design/icons-svg/es/asn/ReloadOutlined';
import { icon } from '../svg-icon';

export const ReloadOutlined = /* @__PURE__ */ icon(ReloadSvg);
