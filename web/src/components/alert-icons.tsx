import CheckCircleFilledSvg from '@ant-design/icons-svg/es/asn/CheckCircleFilled';
import CloseCircleFilledSvg from '@ant-design/icons-svg/es/asn/CloseCircleFilled';
import CloseSvg from '@ant-design/icons-svg/es/asn/CloseOutlined';
import ExclamationCircleFilledSvg from '@ant-design/icons-svg/es/asn/ExclamationCircleFilled';
import InfoCircleFilledSvg from '@ant-design/icons-svg/es/asn/InfoCircleFilled';
import { icon } from './svg-icon';

/**
 * The notices' and the text box's icons (alert.tsx, confirm-popover.tsx, text-input.tsx's clear
 * button), in a module of their own so a page with a notice or a text box (the sign-in pages) does
 * not load every icon. icons.tsx re-exports them.
 */
export const CheckCircleFilled = icon(CheckCircleFilledSvg);
export const CloseCircleFilled = icon(CloseCircleFilledSvg);
export const CloseOutlined = icon(CloseSvg);
export const ExclamationCircleFilled = icon(ExclamationCircleFilledSvg);
export const InfoCircleFilled = icon(InfoCircleFilledSvg);
