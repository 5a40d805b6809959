import { httpsCallable } from 'firebase/functions';
import {
  FUNCTION_NAMES,
  type CreateCheckoutSessionRequest,
  type CreateCheckoutSessionResponse,
  type RefundOrderRequest,
  type RefundOrderResponse,
  type SaveShipToRequest,
  type SaveShipToResponse,
  type SetProfileStatusRequest,
  type SetProfileStatusResponse,
  type UpdateOrderStatusRequest,
  type UpdateOrderStatusResponse,
  type VerifyPaymentRequest,
  type VerifyPaymentResponse,
} from '@portal/domain';
import { functions } from './firebase';

/** Typed callable functions; request and response shapes come from @portal/domain. */
function callable<Req, Res>(name: string) {
  const fn = httpsCallable<Req, Res>(functions, name);
  return async (data: Req): Promise<Res> => (await fn(data)).data;
}

export const callSetProfileStatus = callable<SetProfileStatusRequest, SetProfileStatusResponse>(
  FUNCTION_NAMES.setProfileStatus,
);
export const callCreateCheckoutSession = callable<
  CreateCheckoutSessionRequest,
  CreateCheckoutSessionResponse
>(FUNCTION_NAMES.createCheckoutSession);
export const callVerifyPayment = callable<VerifyPaymentRequest, VerifyPaymentResponse>(
  FUNCTION_NAMES.verifyPayment,
);
export const callUpdateOrderStatus = callable<UpdateOrderStatusRequest, UpdateOrderStatusResponse>(
  FUNCTION_NAMES.updateOrderStatus,
);
export const callRefundOrder = callable<RefundOrderRequest, RefundOrderResponse>(
  FUNCTION_NAMES.refundOrder,
);
export const callSaveShipTo = callable<SaveShipToRequest, SaveShipToResponse>(
  FUNCTION_NAMES.saveShipTo,
);
