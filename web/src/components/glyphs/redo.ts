import RedoSvg from '@ant-design/icons-svg/es/asn/RedoOutlined';
import { icon } from '../svg-icon';

export const RedoOutlined = /* @__PURE__ */ icon(RedoSvg);
