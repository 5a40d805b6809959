import PlusSvg from '@ant-design/icons-svg/es/asn/PlusOutlined';
import { icon } from '../svg-icon';

export const PlusOutlined = /* @__PURE__ */ icon(PlusSvg);
