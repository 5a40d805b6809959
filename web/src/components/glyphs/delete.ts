import DeleteSvg from '@ant-design/icons-svg/es/asn/DeleteOutlined';
import { icon } from '../svg-icon';

export const DeleteOutlined = /* @__PURE__ */ icon(DeleteSvg);
