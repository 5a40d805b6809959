import CaretDownSvg from '@ant-design/icons-svg/es/asn/CaretDownOutlined';
import { icon } from '../svg-icon';

export const CaretDownOutlined = /* @__PURE__ */ icon(CaretDownSvg);
