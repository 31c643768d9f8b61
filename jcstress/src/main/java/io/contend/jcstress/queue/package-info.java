/**
 * jcstress tests of contend's queues. Each check is written once, as a template (PublicationTemplate,
 * IsEmptyPollTemplate, SizeTemplate, ProducersTemplate) holding its state, its steps and its outcomes; each
 * queue kind gets a small concrete test class that only makes the queue and names the actors. The concrete
 * classes are alike on purpose: jcstress 0.16's annotation processor takes a test's {@code @Actor} and
 * {@code @Arbiter} methods only from the methods the test class declares itself (not inherited ones), while
 * outcomes and the description come from the template through {@code @JCStressMeta}.
 */
package io.contend.jcstress.queue;
