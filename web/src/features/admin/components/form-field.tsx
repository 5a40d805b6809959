import { Form } from 'antd';
import type { ReactNode } from 'react';

/** A labelled form control with its validation message (react-hook-form owns the state). */
export function FormField({
  id,
  label,
  error,
  children,
  extra,
}: {
  id: string;
  label: string;
  error?: string;
  children: ReactNode;
  extra?: ReactNode;
}) {
  return (
    <Form.Item
      label={label}
      htmlFor={id}
      validateStatus={error ? 'error' : undefined}
      help={error}
      extra={extra}
      layout="vertical"
      style={{ marginBottom: 16 }}
    >
      {children}
    </Form.Item>
  );
}
