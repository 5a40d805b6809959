import PrinterSvg from '@ant-design/icons-svg/es/asn/PrinterOutlined';
import { icon } from '../svg-icon';

export const PrinterOutlined = /* @__PURE__ */ icon(PrinterSvg);
