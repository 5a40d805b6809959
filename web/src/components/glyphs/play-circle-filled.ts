import PlayCircleFilledSvg from '@ant-design/icons-svg/es/asn/PlayCircleFilled';
import { icon } from '../svg-icon';

export const PlayCircleFilled = /* @__PURE__ */ icon(PlayCircleFilledSvg);
