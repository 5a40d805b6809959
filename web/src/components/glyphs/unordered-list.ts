import UnorderedListSvg from '@ant-design/icons-svg/es/asn/UnorderedListOutlined';
import { icon } from '../svg-icon';

export const UnorderedListOutlined = /* @__PURE__ */ icon(UnorderedListSvg);
