import SearchSvg from '@ant-design/icons-svg/es/asn/SearchOutlined';
import { icon } from '../svg-icon';

export const SearchOutlined = /* @__PURE__ */ icon(SearchSvg);
