import { StatusMessage } from 'shared-ui';
import type { FormFeedback } from '../form/useFormFeedback';

export interface FormFeedbackViewProps {
  feedback: FormFeedback;
  /** Read to screen-reader users when a failure has no visible message (the product shows only the red state then: docs/PRODUCT.md "Messages"). */
  quietText: string;
}

export function FormFeedbackView({ feedback, quietText }: FormFeedbackViewProps) {
  return (
    <>
      <StatusMessage status={feedback.status} />
      <div role="alert" className="ui-visually-hidden">
        {feedback.quietFailures > 0 ? <span key={feedback.quietFailures}>{quietText}</span> : null}
      </div>
    </>
  );
}
