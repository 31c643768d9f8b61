/**
 * jcstress tests of contend's queues. Each check is written once, as a template (PublicationTemplate,
 * FillPollTemplate, IsEmptyPollTemplate, SizeTemplate, ProducersTemplate, ChunkHandOverTemplate, ChunkReuseTemplate,
 * FullOfferTemplate, and the store-buffering checks SizeAfterOfferTemplate and FullAfterOfferTemplate) holding its
 * state and its steps; each queue kind gets a small concrete test class that makes the queue, names the actors and
 * declares the outcomes. The concrete classes are alike on purpose: jcstress 0.16's annotation processor takes a
 * test's {@code @Actor} and {@code @Arbiter} methods only from the methods the test class declares itself (not
 * inherited ones), and outcomes given through {@code @JCStressMeta} were never counted (every declared outcome showed 0
 * samples, so such a test could not fail), so each test declares them itself.
 *
 * <p>Contracts. The store-buffering checks (the *AfterOfferTest classes) build their queues
 * {@code QueueContract.STRICT} and forbid the outcomes only a full fence rules out; the *BestEffortSizeRaceTest classes
 * run the same steps on the default contract, {@code BEST_EFFORT} (JCTools'), where that outcome is allowed
 * and reported as interesting. Every other check (publication, fill, isEmpty then poll on the consumer, size bounds,
 * producers, a full offer) is what both contracts promise, and runs on both: the *Strict* classes (e.g.
 * SpscArrayStrictPublicationTest) are the default ones' twins on queues built {@code QueueContract.STRICT}, whose
 * extra fences must not cost any of the default's guarantees.
 */
package io.contend.jcstress.queue;
