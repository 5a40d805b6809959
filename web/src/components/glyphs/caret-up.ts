import CaretUpSvg from '@ant-design/icons-svg/es/asn/CaretUpOutlined';
import { icon } from '../svg-icon';

export const CaretUpOutlined = /* @__PURE__ */ icon(CaretUpSvg);
