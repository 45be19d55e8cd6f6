/** A form's or pane's error, announced as it appears; renders nothing while there is no message. */
export function FormError({ message, id }: { message: string | undefined; id?: string }) {
  if (!message) return null;
  return (
    <p className="form-error" role="alert" id={id}>
      {message}
    </p>
  );
}
